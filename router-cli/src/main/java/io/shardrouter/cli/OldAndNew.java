package io.shardrouter.cli;

import picocli.CommandLine;

/**
 * The two positional arguments {@code OLD NEW} of the commands that compare or migrate between two
 * routing tables ({@code diff}, {@code migrate plan}, {@code migrate start}): a picocli mixin.
 */
final class OldAndNew {
  @CommandLine.Parameters(
      index = "0",
      paramLabel = "OLD",
      description = "the routing document before")
  String oldDoc;

  @CommandLine.Parameters(
      index = "1",
      paramLabel = "NEW",
      description = "the routing document after")
  String newDoc;
}
