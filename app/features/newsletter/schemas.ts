import { z } from "zod";

import { en } from "~/platform/i18n/catalogs/en";
import { type Translate, translator } from "~/platform/i18n/translate";

/** The newsletter box: one e-mail address, its errors in the page's language (`t`). */
export const newsletterSchema = (t: Translate) =>
  z.object({
    email: z
      .string({ error: t("newsletter.box.error.missing") })
      .trim()
      .min(1, t("newsletter.box.error.missing"))
      .max(254, t("newsletter.box.error.tooLong"))
      .pipe(z.email(t("newsletter.box.error.invalid"))),
  });

/** The box in English: the API's sign-up and the default language's form. */
export const NewsletterSchema = newsletterSchema(translator("en", en));
