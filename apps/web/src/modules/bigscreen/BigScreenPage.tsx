/** /bigscreen/bigscreen1..3 through a display link: built by issue 18 (docs/reports.md "Big screens"). */
export function BigScreenPage() {
  return null;
}
