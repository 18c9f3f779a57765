package io.shardrouter.analysis;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What {@link KeyAnalysis} found about a key choice on a sample: the key's characteristics, how
 * keys and load spread over partitions and groups, the query fan-out, the limits exceeded, the cost
 * of another document, and the review checklist. {@link #toJson()} and {@link #toHtml()} write it;
 * {@code docs/observability.md} describes every field.
 *
 * @param entity the routed entity
 * @param version the routing version analysed
 * @param strategy the strategy's type
 * @param source {@code keys} for a key sample, {@code stats} for a statistics export
 * @param keyCharacteristics the key's characteristics
 * @param distribution keys and load per partition and group
 * @param growth the key-order growth curve: {@code [arrival fraction, key rank fraction]} points
 * @param queries the query fan-out, or null without a query sample
 * @param overLimit the partitions and groups over a capacity limit, or null without limits
 * @param comparison the cost of the other document, or null without one
 * @param checklist the review checklist
 * @since 0.1
 */
public record AnalysisReport(
    String entity,
    long version,
    String strategy,
    String source,
    KeyCharacteristics keyCharacteristics,
    Distribution distribution,
    List<double[]> growth,
    @Nullable QueryDistribution queries,
    @Nullable List<OverLimit> overLimit,
    @Nullable Comparison comparison,
    List<CheckItem> checklist) {

  /**
   * A key's characteristics, named as in MongoDB's {@code analyzeShardKey} where they mean the
   * same.
   *
   * @param numKeysSampled routes in the sample (the sum of the counts)
   * @param numDistinctValues distinct keys, or -1 when the source cannot tell (statistics)
   * @param isUnique whether every key was seen once
   * @param mostCommonValues the most frequent keys
   * @param monotonicityType {@code monotonic}, {@code not monotonic} or {@code unknown}
   * @param recordIdCorrelationCoefficient the rank correlation of key order with arrival order
   *     (Spearman, in [-1, 1]; NaN when unknown)
   */
  public record KeyCharacteristics(
      long numKeysSampled,
      long numDistinctValues,
      boolean isUnique,
      List<Frequency> mostCommonValues,
      String monotonicityType,
      double recordIdCorrelationCoefficient) {}

  /**
   * One frequent key.
   *
   * @param value the key text
   * @param frequency its count in the sample (an estimate for statistics)
   * @param share its share of the sample
   * @param error how much {@code frequency} may overstate (0 for a key sample)
   */
  public record Frequency(String value, long frequency, double share, long error) {}

  /**
   * Keys and load per partition and group.
   *
   * @param partitionKeys distinct keys per partition, or null for statistics
   * @param partitionLoad load per partition
   * @param groups load per group, in the table's order
   * @param partitionPeakToMean peak/mean over partitions
   * @param groupPeakToMean peak/mean over groups
   * @param hottestPartitions the partitions with the most load, hottest first
   */
  public record Distribution(
      long @Nullable [] partitionKeys,
      long[] partitionLoad,
      List<GroupLoad> groups,
      double partitionPeakToMean,
      double groupPeakToMean,
      List<PartitionLoad> hottestPartitions) {}

  /**
   * The load of one group.
   *
   * @param group the group id
   * @param partitions its partitions
   * @param keys the distinct keys routed to it, or -1 for statistics
   * @param load its load
   * @param share its share of all load
   */
  public record GroupLoad(String group, int partitions, long keys, long load, double share) {}

  /**
   * The load of one partition.
   *
   * @param partition the partition
   * @param group its group
   * @param load its load
   * @param share its share of all load
   */
  public record PartitionLoad(int partition, String group, long load, double share) {}

  /**
   * How far queries fan out, as MongoDB's read distribution.
   *
   * @param sampleSize queries in the sample
   * @param percentageOfSinglePartitionQueries queries that visit one partition, in percent
   * @param percentageOfMultiPartitionQueries queries that visit several but not all, in percent
   * @param percentageOfScatterGatherQueries queries that visit every partition, in percent
   * @param meanFanOut the mean number of partitions a query visits
   */
  public record QueryDistribution(
      long sampleSize,
      double percentageOfSinglePartitionQueries,
      double percentageOfMultiPartitionQueries,
      double percentageOfScatterGatherQueries,
      double meanFanOut) {}

  /**
   * A partition or group over a limit.
   *
   * @param scope {@code partition} or {@code group}
   * @param id the partition number or group id
   * @param kind {@code reads}, {@code writes} or {@code ops}
   * @param rate the measured rate per second
   * @param limit the limit per second
   * @param overBy {@code rate / limit - 1}: 0.25 is 25% over
   */
  public record OverLimit(
      String scope, String id, String kind, double rate, double limit, double overBy) {}

  /**
   * The cost of routing the sample with another document.
   *
   * @param document the other document's entity and version, as text
   * @param version its routing version
   * @param partitionCount its partition count
   * @param movedShare the share of distinct keys whose partition changes
   * @param movedGroupShare the share of distinct keys whose group changes
   * @param movedLoadShare the share of load whose group changes
   * @param partitionPeakToMean peak/mean over its partitions
   * @param groupPeakToMean peak/mean over its groups
   */
  public record Comparison(
      String document,
      long version,
      int partitionCount,
      double movedShare,
      double movedGroupShare,
      double movedLoadShare,
      double partitionPeakToMean,
      double groupPeakToMean) {}

  /**
   * One item of the review checklist.
   *
   * @param item {@code cardinality}, {@code stability}, {@code evenness}, {@code hot keys}, {@code
   *     monotonic keys} or {@code cross-partition queries}
   * @param result {@code pass}, {@code warn}, {@code fail}, or {@code skip} when the data cannot
   *     answer
   * @param value the number behind the result (NaN for skip)
   * @param detail what the number is and why it gives that result
   */
  public record CheckItem(String item, String result, double value, String detail) {}

  /** The report as one JSON object (format {@code shardrouter-analysis/1}). */
  public String toJson() {
    return ReportJson.write(this);
  }

  /**
   * The report as one self-contained HTML page with inline SVG charts; its next-step command names
   * the routing document as {@code DOC}.
   */
  public String toHtml() {
    return ReportHtml.write(this, null);
  }

  /**
   * The report as one self-contained HTML page with inline SVG charts; its next-step command names
   * {@code document}, the path of the routing document analysed (as given to {@code shardctl
   * analyze}).
   */
  public String toHtml(String document) {
    return ReportHtml.write(this, java.util.Objects.requireNonNull(document, "document"));
  }
}
