export { Histogram, BOUNDS } from './histogram.js';
export { SlidingWindow, outcomeOf, type Counts, type RouteStats } from './window.js';
export { installMetrics, metricsOf, ServerMetrics, SLOT_MS, SLOTS, UNMATCHED_ROUTE } from './server-metrics.js';
