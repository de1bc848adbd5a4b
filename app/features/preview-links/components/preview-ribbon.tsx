import { useWords } from "~/platform/i18n/use-words";

/**
 * Across the top of a draft opened by a preview link: says plainly that it is a preview and until when
 * the link works, in the accent colour so it never reads as part of the page's design.
 */
export function PreviewRibbon({ expiresAt }: { expiresAt: string }) {
  const { t } = useWords();
  return (
    <aside aria-label={t("previewLinks.ribbon")} className="sticky top-16 z-40 bg-primary text-primary-fg">
      <p className="mx-auto max-w-7xl px-4 py-2.5 text-sm sm:px-6">
        <strong className="mr-2 rounded-sm border border-current px-1.5 py-0.5 text-xs font-bold tracking-widest uppercase">
          {t("previewLinks.ribbon")}
        </strong>
        {t("previewLinks.ribbonText", { until: new Date(expiresAt) })}
      </p>
    </aside>
  );
}
