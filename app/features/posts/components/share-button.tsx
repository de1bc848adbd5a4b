import { useWords } from "~/platform/i18n/use-words";

/**
 * Shares the article with the device's share sheet; where there is none, the page script copies the
 * link and says so (page-forms). It needs JavaScript, so it is hidden without it (the address bar works).
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const { t } = useWords();
  return (
    <button
      type="button"
      data-share=""
      data-title={title}
      data-text={text}
      // What the page script says when it copies the link instead, in the page's language.
      data-copied={t("share.copied")}
      data-copied-text={t("share.copiedText")}
      data-failed={t("share.failed")}
      className="js-only inline-flex items-center gap-2 rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-primary hover:text-primary"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13" />
      </svg>
      {t("post.share")}
    </button>
  );
}
