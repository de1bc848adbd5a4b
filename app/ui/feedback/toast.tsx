import { useWords } from "~/platform/i18n/use-words";
import { TOAST_HOTKEY, TOAST_LIST_ID, type ToastInput } from "~/platform/pages/page-toasts";

/**
 * The layout's notifications area: one overlay for every page's toasts, which F8 focuses. It is always
 * empty in the HTML: the page script puts the toasts in it (app/platform/pages/page-toasts.ts), for pages with
 * React and without, so React never renders its children.
 */
export function Notifications() {
  const { t } = useWords();
  return (
    <section
      aria-label={t("toast.region", { hotkey: TOAST_HOTKEY })}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-end p-4"
    >
      <ol
        id={TOAST_LIST_ID}
        // The toasts' close button's name, in the page's language (the page script is every page's).
        data-dismiss={t("toast.dismiss")}
        tabIndex={-1}
        aria-live="polite"
        className="flex w-full max-w-sm flex-col gap-2 outline-none"
      />
    </section>
  );
}

/** A toast from React code (the admin): the same one the page script shows everywhere. */
export function toast(input: ToastInput) {
  window.__pageBehaviours?.toast(input);
}

/**
 * A toast the server puts in the page (shown on load, or when page-forms swaps this part in), e.g.
 * "Message sent successfully!" after an enquiry.
 */
export function ToastTemplate({ title, description, variant }: ToastInput) {
  return <template data-toast="" data-title={title} data-description={description} data-variant={variant} />;
}
