/**
 * 四眼原则 in the demo data (docs/money.md): who approves or audits a record someone created — the
 * first of `candidates` who is not its creator (the demo seeds under the rule's default, so no demo
 * record is decided by the person who made it). Only a company with no one else falls back to the first.
 */
export function someoneElse(creator: string | null, ...candidates: string[]): string {
  return candidates.find((c) => c !== creator) ?? candidates[0]!;
}
