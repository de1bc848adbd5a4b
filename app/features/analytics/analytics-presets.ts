/** The analytics dashboard's quick choices: the last N days, today included. */
export const PRESETS = { "7d": 7, "30d": 30, "90d": 90, "365d": 365 } as const;
export type Preset = keyof typeof PRESETS;
