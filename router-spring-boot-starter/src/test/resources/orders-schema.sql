-- The orders table of the tests, the same on every group: the value columns customer and cents,
-- and the five bookkeeping columns of docs/sharded-table.md.
CREATE TABLE IF NOT EXISTS orders (
  row_key VARBINARY(1024) NOT NULL,
  row_id VARBINARY(1024) NOT NULL,
  customer VARCHAR(64),
  cents BIGINT,
  routed_version BIGINT NOT NULL,
  seq BIGINT NOT NULL,
  part INT NOT NULL,
  PRIMARY KEY (row_key, row_id)
);
