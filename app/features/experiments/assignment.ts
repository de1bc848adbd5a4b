import { createHash } from "node:crypto";

/**
 * The arm a visitor-day sees: from a hash of the experiment and the analytics' daily visitor hash, so
 * the same visitor sees the same arm all day without anything kept in their browser, and the arms are
 * shared out evenly. Null when the visitor is outside the experiment's share (they see the control and
 * are not counted). Another experiment hashes the same visitor afresh: arms are independent.
 */
export function armOf(
  visitor: string,
  experiment: { id: number; share: number; arms: readonly { key: string }[] },
): string | null {
  const hash = createHash("sha256").update(`${experiment.id}|${visitor}`).digest();
  if (hash.readUInt32BE(0) % 100 >= experiment.share) return null;
  return experiment.arms[hash.readUInt32BE(4) % experiment.arms.length]!.key;
}
