import { parseUploadedImage } from "~/platform/images";

/** The width the portfolio's wide tile and a case study's page show a cover at, on a sharp screen. */
export const COVER_MIN_WIDTH = 1200;
const COVER_RATIO = 16 / 9;
/** How far from 16:9 a cover may be before the cards' 16:9 crop takes a visible part of it. */
const RATIO_TOLERANCE = 0.12;

/**
 * What the owner should know about a cover before publishing: too small for the slots it fills, or
 * of a shape the cards crop. Nothing for the site's own artwork or an address it cannot measure.
 */
export function coverFitWarnings(src: string | null | undefined): string[] {
  const image = parseUploadedImage(src);
  if (!image) return [];
  const warnings: string[] = [];
  if (image.width < COVER_MIN_WIDTH)
    warnings.push(
      `This image is ${image.width} px wide: the portfolio's wide tile and the case study's page show covers up to ${COVER_MIN_WIDTH.toLocaleString("en-IE")} px wide, so it will look soft there. Upload one at least ${COVER_MIN_WIDTH.toLocaleString("en-IE")} px wide.`,
    );
  const ratio = image.width / image.height;
  if (Math.abs(ratio - COVER_RATIO) / COVER_RATIO > RATIO_TOLERANCE)
    warnings.push(
      `This image is ${image.width} × ${image.height}, not 16:9: the portfolio's cards show covers at 16:9, so ${ratio < COVER_RATIO ? "its top and bottom" : "its sides"} will be cut. Set its focal point in the media library to keep what matters in view, or choose a 16:9 image.`,
    );
  return warnings;
}

/** Under the cover field: the warnings above, as the owner picks an image. */
export function CoverFit({ src }: { src: string | null | undefined }) {
  const warnings = coverFitWarnings(src);
  if (warnings.length === 0) return null;
  return (
    <ul role="status" className="space-y-2 rounded-lg border border-accent/40 bg-accent/10 p-3 text-sm">
      {warnings.map((warning) => (
        <li key={warning}>{warning}</li>
      ))}
    </ul>
  );
}
