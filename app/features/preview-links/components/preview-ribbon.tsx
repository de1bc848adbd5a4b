import { useWords } from "~/platform/i18n/use-words";

/**
 * Across the top of a draft opened by a preview link: says plainly that it is a preview and until when
 * the link works, in the accent colour so it never reads as part of the page's design.
 */
export function PreviewRibbon({ expiresAt }: { expiresAt: string }) {
  const { t } = useWords();
  return (
    <aside aria-label={t("previewLinks.ribbon")} className="sticky top-16 z-40 bg-primary text-primary-fg">
      {/* The badge beside the words, which wrap under themselves on a phone, not under the badge. */}
      <p className="mx-auto flex max-w-7xl items-baseline gap-2.5 px-4 py-2.5 text-sm sm:px-6">
        <strong className="shrink-0 rounded-sm border border-current px-1.5 py-0.5 text-xs font-bold tracking-widest uppercase">
          {t("previewLinks.ribbon")}
        </strong>
        <span>{t("previewLinks.ribbonText", { until: new Date(expiresAt) })}</span>
      </p>
    </aside>
  );
}
