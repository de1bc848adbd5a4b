// The audit log records edits to the site's content and the work on enquiries, through the real services.
import { afterAll, describe, expect, it } from "vitest";

import { auditLog, clientLogos, packages, teamMembers, testimonials } from "#db/schema";
import { auditLabel } from "~/features/audit";
import { listAudit } from "~/features/audit/index.server";
import { CaseStudySchema } from "~/features/case-studies";
import { saveCaseStudy } from "~/features/case-studies/index.server";
import { addEnquiryNote, setEnquiryStatus, storeEnquiry } from "~/features/enquiries/index.server";
import {
  ClientLogoSchema,
  PackageSchema,
  TeamMemberSchema,
  TestimonialSchema,
} from "~/features/site-content/content-schemas";
import { deleteItem, setVisibility } from "~/features/site-content/ordered-items.server";
import { saveSiteItem } from "~/features/site-content/site-content.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { runInRequestScope, setRequestActor } from "~/platform/http/request-scope.server";
import { tasksSettled } from "~/platform/tasks.server";

/** Runs `fn` as a signed-in editor's request, as the admin's routes do. */
async function asEditor<T>(fn: () => T | Promise<T>): Promise<T> {
  const editor = await createUser(`editor-${crypto.randomUUID().slice(0, 8)}`, "a-long-enough-password");
  return runInRequestScope("203.0.113.9", async () => {
    setRequestActor(editor);
    return fn();
  });
}

/** The newest entries first, as the audit screen shows them: label and subject. */
const newest = (n: number) =>
  listAudit()
    .entries.slice(0, n)
    .map((e) => [auditLabel(e.action), e.subject]);

afterAll(async () => {
  await tasksSettled();
  await tasksSettled();
});

describe("content and enquiry audit", () => {
  it("records adding, editing, hiding, showing and deleting team members, testimonials, clients and packages", async () => {
    await asEditor(() => {
      const member = saveSiteItem(
        "team",
        undefined,
        TeamMemberSchema.parse({ name: "Aoife Ryan", role: "Strategist", status: "published" }),
      );
      saveSiteItem(
        "team",
        member.id,
        TeamMemberSchema.parse({ name: "Aoife Ryan", role: "Head of strategy", status: "published" }),
      );
      setVisibility(teamMembers, "site", member.id, "draft");
      setVisibility(teamMembers, "site", member.id, "draft");
      setVisibility(teamMembers, "site", member.id, "published");
      deleteItem(teamMembers, "site", member.id);
    });
    expect(newest(5).reverse()).toEqual([
      ["Added a team member", "“Aoife Ryan”"],
      ["Edited a team member", "“Aoife Ryan”: role"],
      ["Hid a team member", "“Aoife Ryan”"],
      ["Showed a team member", "“Aoife Ryan”"],
      ["Deleted a team member", "“Aoife Ryan”"],
    ]);
    expect(listAudit().entries[0]).toMatchObject({
      ip: "203.0.113.9",
      actor: expect.stringMatching(/^editor-/),
    });

    await asEditor(() => {
      const quote = saveSiteItem(
        "testimonials",
        undefined,
        TestimonialSchema.parse({
          quote: "They doubled our leads.",
          name: "Seán Murphy",
          status: "published",
        }),
      );
      saveSiteItem(
        "testimonials",
        quote.id,
        TestimonialSchema.parse({
          quote: "They tripled our leads.",
          name: "Seán Murphy",
          status: "published",
        }),
      );
      deleteItem(testimonials, "site", quote.id);
      const client = saveSiteItem("clients", undefined, ClientLogoSchema.parse({ name: "Harbour Dental" }));
      setVisibility(clientLogos, "site", client.id, "draft");
      deleteItem(clientLogos, "site", client.id);
      const offer = saveSiteItem(
        "packages",
        undefined,
        PackageSchema.parse({ name: "Growth", pricePerMonth: 900, status: "published" }),
      );
      saveSiteItem(
        "packages",
        offer.id,
        PackageSchema.parse({ name: "Growth", pricePerMonth: 950, status: "published" }),
      );
      deleteItem(packages, "site", offer.id);
    });
    expect(newest(9).reverse()).toEqual([
      ["Added a testimonial", "“Seán Murphy”"],
      ["Edited a testimonial", "“Seán Murphy”: quote"],
      ["Deleted a testimonial", "“Seán Murphy”"],
      ["Added a client", "“Harbour Dental”"],
      ["Hid a client", "“Harbour Dental”"],
      ["Deleted a client", "“Harbour Dental”"],
      ["Added a package", "“Growth”"],
      ["Edited a package", "“Growth”: pricePerMonth"],
      ["Deleted a package", "“Growth”"],
    ]);
  });

  it("records adding and editing a case study, with what changed", async () => {
    const input = {
      title: "A clinic's bookings",
      clientName: "Harbour Dental",
      category: "Web design",
      excerpt: "More bookings online.",
      body: "<p>We rebuilt the site.</p>",
      status: "draft",
    };
    await asEditor(() => {
      const study = saveCaseStudy(undefined, CaseStudySchema.parse(input));
      saveCaseStudy(
        study.id,
        CaseStudySchema.parse({ ...input, slug: study.slug, excerpt: "Twice the bookings." }),
      );
      saveCaseStudy(study.id, CaseStudySchema.parse({ ...input, slug: study.slug, status: "published" }));
    });
    const entries = newest(4).reverse();
    expect(entries[0]).toEqual(["Added a case study", "“A clinic's bookings”"]);
    expect(entries[1]).toEqual(["Edited a case study", "“A clinic's bookings”: excerpt"]);
    expect(entries[2]![0]).toBe("Edited a case study");
    expect(entries[2]![1]).toMatch(/^“A clinic's bookings”: .*status/);
    expect(entries[3]).toEqual(["Published a case study", "“A clinic's bookings”"]);
  });

  it("records an enquiry's moves and notes, without the enquirer's address, name or the note", async () => {
    const enquiry = await storeEnquiry({
      name: "Orla Kavanagh",
      email: "orla.audit@example.ie",
      budget: null,
      goals: "A new website for the practice.",
    });
    await asEditor(async () => {
      await setEnquiryStatus(enquiry.id, "contacted", "editor");
      await setEnquiryStatus(enquiry.id, "contacted", "editor");
      addEnquiryNote(enquiry.id, "Rang her, sending a proposal.", "editor");
      await setEnquiryStatus(enquiry.id, "closed", "editor");
    });
    const entries = newest(3).reverse();
    expect(entries.map(([label]) => label)).toEqual([
      "Moved an enquiry",
      "Added a note to an enquiry",
      "Moved an enquiry",
    ]);
    expect(entries[0]![1]).toMatch(/^Enquiry of .+: new → contacted$/);
    expect(entries[2]![1]).toMatch(/: contacted → closed$/);
    const log = JSON.stringify(getDb().select().from(auditLog).all());
    for (const personal of ["orla", "Kavanagh", "proposal"]) expect(log).not.toContain(personal);
  });
});
