/** See scripts/vite/vitals-script.ts. */
declare module "virtual:web-vitals-script" {
  /** Where the server serves the script: "/assets/web-vitals-<hash>.js". */
  export const url: string;
  /** The script, minified. */
  export const source: string;
}
