/** /ai/aiLogHostory with a session or an expiring link: built by issue 18 (docs/reports.md "AI log"). */
export function AiLogHistoryPage() {
  return null;
}
