/**
 * The drawn pictures of the story's milestones (scripts/make/make-story-art.ts, committed under
 * public/images/art/): one per kind of milestone, chosen from what the milestone says.
 */
export const STORY_MOTIFS = ["quays", "online", "creative", "code", "europe", "analytics"] as const;
export type StoryMotif = (typeof STORY_MOTIFS)[number];

export const STORY_ART_SIZE = { width: 800, height: 600 } as const;

const KEYWORDS: [StoryMotif, RegExp][] = [
  ["quays", /\b(found|started|opened our|office|quay|moved)/i],
  ["europe", /\b(europe|international|abroad|countr|germany|france)/i],
  ["analytics", /\b(analytic|data|ai\b|report|insight)/i],
  ["code", /\b(develop|automation|code|crm|engineer|app\b)/i],
  ["creative", /\b(creative|video|studio|social|brand|design)/i],
  ["online", /\b(online|digital|e-?commerce|shop|store)/i],
];

/** The motif for a milestone: by its title first, then its text, else the next in turn. */
export function storyMotif({ name, text }: { name: string; text: string }, index: number): StoryMotif {
  for (const words of [name, text]) {
    const found = KEYWORDS.find(([, pattern]) => pattern.test(words));
    if (found) return found[0];
  }
  return STORY_MOTIFS[index % STORY_MOTIFS.length]!;
}

/** The picture's address, laid out as uploads are (so the responsive sources follow from it). */
export const storyArtUrl = (motif: StoryMotif) =>
  `/images/art/story-${motif}-${STORY_ART_SIZE.width}x${STORY_ART_SIZE.height}/${STORY_ART_SIZE.width}.jpg`;
