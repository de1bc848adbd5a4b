import type { Enquiry } from "./enquiries.server";
import type { EnquiryInput } from "./schemas";

// The answers of /api/contact and /api/contacts. Every field is named here, so a column added to the
// table stays out of the answer until someone decides it belongs in it (and lists it in docs/product.md).

/**
 * POST /api/contact's answer: the enquiry as received, always "new" and without spam findings, the same
 * for a stored enquiry, one kept in Spam and one dropped by the honeypot (decision 026).
 */
export function receivedEnquiryJson(enquiry: EnquiryInput & { id: string; createdAt: Date }) {
  return {
    id: enquiry.id,
    name: enquiry.name,
    email: enquiry.email,
    budget: enquiry.budget,
    goals: enquiry.goals,
    status: "new" as const,
    createdAt: enquiry.createdAt,
  };
}

/** An enquiry in GET /api/contacts: with its folder, spam findings and where the visit came from. */
export function enquiryJson(enquiry: Enquiry) {
  return {
    id: enquiry.id,
    name: enquiry.name,
    email: enquiry.email,
    budget: enquiry.budget,
    goals: enquiry.goals,
    status: enquiry.status,
    spamScore: enquiry.spamScore,
    spamReasons: enquiry.spamReasons,
    attribution: enquiry.attribution,
    visitPages: enquiry.visitPages,
    createdAt: enquiry.createdAt,
  };
}
