/** Types of parse-prometheus-text-format 1.1.1 (it ships none): prom2json's shape. */
declare module 'parse-prometheus-text-format' {
  export interface PrometheusSample {
    value?: string;
    labels?: Record<string, string>;
    timestamp_ms?: string;
    /** Histograms: upper bound → cumulative count. */
    buckets?: Record<string, string>;
    quantiles?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }
  /** Throws on a line that is not the text format. */
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
