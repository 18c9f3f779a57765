-- The orders table, the same on every group: the value columns item and cents, and the five
-- bookkeeping columns of docs/sharded-table.md. H2 runs it on connect (INIT in application.yml);
-- on a real database it is a migration of its own, run on every group before the service starts.
CREATE TABLE IF NOT EXISTS orders (
  row_key VARBINARY(1024) NOT NULL,
  row_id VARBINARY(1024) NOT NULL,
  item VARCHAR(128),
  cents BIGINT,
  routed_version BIGINT NOT NULL,
  seq BIGINT NOT NULL,
  part INT NOT NULL,
  PRIMARY KEY (row_key, row_id)
);
