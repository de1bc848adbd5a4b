// Every /api answer holds exactly the keys docs/product.md lists for it ("What each answer holds"), built
// by its serializer from real rows of a seeded database; and a column added to a table later changes no
// answer (the row with one more property serializes to the same keys).
import { readFileSync } from "node:fs";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { caseStudyTranslations, imports, notFoundHits, posts, users } from "#db/schema";
import { analyticsReportJson } from "~/features/analytics/index.server";
import { analyticsReport, periodOf } from "~/features/analytics/index.server";
import { listAllCaseStudies } from "~/features/case-studies/index.server";
import {
  caseStudyJson,
  caseStudyTranslationJson,
  CaseStudyTranslationSchema,
  getCaseStudyById,
  saveCaseStudyTranslation,
} from "~/features/case-studies/index.server";
import { autosaveJson, autosaveKeptJson } from "~/features/editor/index.server";
import { getAutosave, getRevision, listRevisions, saveAutosave } from "~/features/editor/index.server";
import { enquiriesFrom, listEnquiries, storeEnquiry } from "~/features/enquiries/index.server";
import { enquiryJson, receivedEnquiryJson } from "~/features/enquiries/index.server";
import { importJson, importReport, importStartedJson } from "~/features/imports/index.server";
import { getMedia, registerMedia } from "~/features/media/index.server";
import {
  mediaJson,
  mediaUseJson,
  uploadedImageJson,
  uploadedVideoJson,
  uploadSlotJson,
} from "~/features/media/index.server";
import { createUploadSlot, uploadUrlFor } from "~/features/media/index.server";
import { signupJson } from "~/features/newsletter/index.server";
import { findLinkTargets, linkTargetJson } from "~/features/pages/index.server";
import {
  getPage,
  listPages,
  listRevisionsOfPage,
  pageJson,
  pageListedJson,
  pageRevisionJson,
  publishPage,
  savePageDraft,
  saveSiteLanguages,
} from "~/features/pages/index.server";
import { postJson, postRevisionJson, postRevisionSummaryJson } from "~/features/posts/index.server";
import { listPublishedPosts, savePost } from "~/features/posts/index.server";
import {
  erasePersonalData,
  erasureJson,
  personalData,
  personalEnquiryJson,
} from "~/features/privacy/index.server";
import { notFoundJson, redirectJson } from "~/features/redirects/index.server";
import { addRedirect, listNotFound, RedirectSchema } from "~/features/redirects/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import {
  getItemTranslation,
  itemTranslationJson,
  publicTeam,
  publicTestimonials,
} from "~/features/site-content/index.server";
import { siteSettingsJson, teamMemberJson, testimonialJson } from "~/features/site-content/index.server";
import { settingsTranslationJson } from "~/features/site-content/index.server";
import { signedOutJson, staffUserJson } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { en } from "~/platform/i18n/catalogs/en";
import { getSiteSettings } from "~/platform/site/site-facts.server";

beforeAll(() => {
  seedDatabase(getDb());
});

/** docs/product.md's list: each answer's name and its keys, in the order written. */
function documentedAnswers(): Map<string, string[]> {
  const doc = readFileSync("docs/product.md", "utf8");
  const start = doc.indexOf("**What each answer holds.**");
  const end = doc.indexOf("**Status codes.**", start);
  expect(start, "docs/product.md has lost its list of the answers' keys").toBeGreaterThan(-1);
  const entries = doc
    .slice(start, end)
    .split(/\n(?=- \*\*)/)
    .slice(1);
  return new Map(
    entries.map((entry) => {
      const [, name, keys] = /^- \*\*(.+?)\*\* \([\s\S]*?\):\s+([\s\S]*)$/.exec(entry.trim()) ?? [];
      expect(
        name,
        `an entry of the list does not read "- **name** (endpoints): keys": ${entry}`,
      ).toBeTruthy();
      return [name!, [...keys!.matchAll(/`(\w+)`/g)].map((match) => match[1]!)];
    }),
  );
}

/** The keys a client reads: the serialized JSON's. */
const keysOf = (value: unknown) => Object.keys(JSON.parse(JSON.stringify(value)) as object);

/** How a real answer is made: a row (or the service's value) read from the database, and its serializer. */
type Answer = { row: () => object | Promise<object>; serialize: (row: never) => unknown; fromRows: boolean };
const answer = <Row extends object>(
  row: () => Row | Promise<Row>,
  serialize: (row: Row) => unknown,
  { fromRows = true } = {},
): Answer => ({ row, serialize: serialize as (row: never) => unknown, fromRows });

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

const aPost = () => listPublishedPosts()[0]!;
/** An earlier version of About: its words saved again and published, the copy replaced kept. */
const aPageRevision = () => {
  const owner = { id: aStaffRow().id, role: "owner" as const };
  savePageDraft("about", getPage("about", { staff: true }).published, owner);
  publishPage("about", owner);
  return listRevisionsOfPage("about")[0]!;
};
const aStaffRow = () =>
  getDb()
    .insert(users)
    .values({
      username: unique("keys-user"),
      password: "not-a-real-hash",
      email: `${unique("k")}@example.ie`,
    })
    .returning()
    .get();
const anEnquiry = (email = "keys@example.ie") =>
  storeEnquiry({ name: "Aoife Keys", email, budget: null, goals: "More leads from search, please." });
/** A live post saved again, so it has a revision. */
const aRevisedPost = () => {
  const post = aPost();
  savePost(post.id, {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: `${post.content}<p>${unique("more")}</p>`,
    coverImage: post.coverImage,
    videoUrl: post.videoUrl,
    tags: post.tags,
    status: "published",
  });
  return post;
};
/** An image in the library that a post shows. */
const aUsedImage = () => {
  const url = `/uploads/${unique("keys")}.jpg`;
  const item = registerMedia({ url, kind: "image", mime: "image/jpeg", bytes: 1 });
  const slug = unique("keys-post");
  getDb()
    .insert(posts)
    .values({ title: slug, slug, excerpt: "e", content: "<p>x</p>", coverImage: url })
    .run();
  return getMedia(item.id)!;
};
const anAutosave = () => {
  const user = aStaffRow();
  saveAutosave(user.id, "post", aPost().id, { title: "Unsaved" });
  return getAutosave(user.id, "post", aPost().id)!;
};
const anImport = () =>
  getDb()
    .insert(imports)
    .values({ source: "wordpress", site: "https://old.example.ie", fileName: "a.xml", plan: {}, counts: {} })
    .returning()
    .get();
const aCaseStudyTranslation = () => {
  saveSiteLanguages({ default: "en", languages: ["en", "ga"] });
  const translationOf = listAllCaseStudies()[0]!.id;
  const made = getDb()
    .select()
    .from(caseStudyTranslations)
    .where(eq(caseStudyTranslations.caseStudyId, translationOf))
    .get();
  if (made) return made;
  return saveCaseStudyTranslation(
    undefined,
    CaseStudyTranslationSchema.parse({ title: "Saothar", category: "B2B", lang: "ga", translationOf }),
  );
};
const aReport = () => {
  const asked = periodOf(new URLSearchParams());
  if ("issues" in asked) throw new Error("the default period is valid");
  return analyticsReport(asked.period);
};

/** Every answer docs/product.md lists, made as its route makes it. */
const answers: Record<string, Answer> = {
  post: answer(aPost, postJson),
  "post revision line": answer(() => listRevisions("post", aRevisedPost().id)[0]!, postRevisionSummaryJson),
  "post revision": answer(
    () => {
      const post = aRevisedPost();
      return { postId: post.id, ...getRevision("post", post.id, listRevisions("post", post.id)[0]!.id) };
    },
    (revision) => postRevisionJson(revision.postId, revision),
  ),
  "case study": answer(() => listAllCaseStudies()[0]!, caseStudyJson),
  "case study translation": answer(aCaseStudyTranslation, (translation) =>
    caseStudyTranslationJson(translation, getCaseStudyById(translation.caseStudyId)!),
  ),
  "team member": answer(() => publicTeam()[0]!, teamMemberJson),
  testimonial: answer(() => publicTestimonials()[0]!, testimonialJson),
  "item translation": answer(
    () => getItemTranslation("team", publicTeam()[0]!.id, "ga"),
    itemTranslationJson,
    {
      fromRows: false,
    },
  ),
  settings: answer(() => getSiteSettings(), siteSettingsJson),
  "settings in a language": answer(
    () => ({ lang: "ga" as const, ...getSiteSettings() }),
    (words) => settingsTranslationJson(words.lang, words),
  ),
  "enquiry received": answer(() => anEnquiry(), receivedEnquiryJson),
  enquiry: answer(async () => (await anEnquiry(), listEnquiries()[0]!), enquiryJson),
  "newsletter sign-up": answer(
    () => ({ message: en["newsletter.box.thanks"] }),
    (signup) => signupJson(signup.message),
  ),
  "member of staff": answer(aStaffRow, staffUserJson),
  "signed out": answer(() => ({}), signedOutJson),
  redirect: answer(
    () => addRedirect(RedirectSchema.parse({ from: `/${unique("old")}`, to: "/blog" })),
    redirectJson,
  ),
  "missing path": answer(() => {
    getDb()
      .insert(notFoundHits)
      .values({ path: `/${unique("gone")}`, referrer: null })
      .run();
    return listNotFound()[0]!;
  }, notFoundJson),
  "media item": answer(aUsedImage, mediaJson),
  "media use": answer(() => aUsedImage().usedBy[0]!, mediaUseJson),
  "upload URL": answer(
    () => ({ url: uploadUrlFor(createUploadSlot()) }),
    (slot) => uploadSlotJson(slot.url),
  ),
  image: answer(() => ({ publicURL: "/uploads/keys.jpg" }), uploadedImageJson),
  video: answer(() => ({ publicUrl: "/uploads/videos/keys.mp4", fileName: "keys.mp4" }), uploadedVideoJson),
  "unsaved work": answer(anAutosave, autosaveJson),
  "unsaved work kept": answer(anAutosave, autosaveKeptJson),
  "link target": answer(() => findLinkTargets("")[0]!, linkTargetJson),
  "page line": answer(() => listPages()[0]!, pageListedJson, { fromRows: false }),
  page: answer(() => getPage("home", { staff: true }), pageJson, { fromRows: false }),
  "page revision": answer(aPageRevision, pageRevisionJson, { fromRows: false }),
  "import started": answer(anImport, (row) => importStartedJson(row.id)),
  import: answer(anImport, (row) => importJson(importReport(row))),
  "analytics report": answer(aReport, analyticsReportJson),
  // Built by the privacy service as one literal of what it gathered (no row of its own): its parts
  // are the answers below and above.
  "personal data": answer(
    async () => (await anEnquiry("seen@example.ie"), personalData("seen@example.ie")),
    (data) => data,
    { fromRows: false },
  ),
  "personal data's enquiry": answer(
    async () => (await anEnquiry("seen@example.ie"), enquiriesFrom("seen@example.ie")[0]!),
    (enquiry) => personalEnquiryJson(enquiry, []),
  ),
  erasure: answer(
    async () => (await anEnquiry("gone@example.ie"), erasePersonalData("gone@example.ie")),
    (erased) => erasureJson("gone@example.ie", erased),
  ),
  erased: answer(
    async () => (await anEnquiry("gone@example.ie"), erasePersonalData("gone@example.ie")),
    (erased) => erasureJson("gone@example.ie", erased).erased,
  ),
};

describe("the /api answers", () => {
  it("are the ones docs/product.md lists, no more and no fewer", () => {
    expect([...documentedAnswers().keys()].sort()).toEqual(Object.keys(answers).sort());
  });

  it.each(Object.keys(answers))("%s: holds exactly the keys docs/product.md lists", async (name) => {
    const { row, serialize } = answers[name]!;
    expect(keysOf(serialize((await row()) as never))).toEqual(documentedAnswers().get(name));
  });

  const fromRows = Object.keys(answers).filter((name) => answers[name]!.fromRows);
  it.each(fromRows)("%s: stays the same when its table gains a column", async (name) => {
    const { row, serialize } = answers[name]!;
    const read = await row();
    const withNewColumn = { ...read, internalNotes: "not for the public", passwordHash: "secret" };
    const keys = keysOf(serialize(withNewColumn as never));
    expect(keys).toEqual(keysOf(serialize(read as never)));
    expect(keys).not.toContain("internalNotes");
  });
});
