import type { teamMembers, testimonials } from "#db/schema";
import type { SiteSettings } from "~/platform/site/site-settings";

// The answers of /api/team, /api/testimonials and /api/settings. Every field is named here, so a column
// (or a setting) added later stays out of the public answer until someone decides it belongs in it
// (and lists it in docs/product.md).

export function teamMemberJson(member: typeof teamMembers.$inferSelect) {
  return {
    id: member.id,
    name: member.name,
    role: member.role,
    bio: member.bio,
    photo: member.photo,
    candidPhoto: member.candidPhoto,
    highlights: member.highlights,
    team: member.team,
    teamSummary: member.teamSummary,
    status: member.status,
    position: member.position,
    createdAt: member.createdAt,
    updatedAt: member.updatedAt,
  };
}

export function testimonialJson(testimonial: typeof testimonials.$inferSelect) {
  return {
    id: testimonial.id,
    quote: testimonial.quote,
    name: testimonial.name,
    role: testimonial.role,
    company: testimonial.company,
    image: testimonial.image,
    featured: testimonial.featured,
    status: testimonial.status,
    position: testimonial.position,
    createdAt: testimonial.createdAt,
    updatedAt: testimonial.updatedAt,
  };
}

export function siteSettingsJson(settings: SiteSettings) {
  return {
    name: settings.name,
    legalName: settings.legalName,
    tagline: settings.tagline,
    email: settings.email,
    phone: settings.phone,
    companyNumber: settings.companyNumber,
    street: settings.street,
    locality: settings.locality,
    region: settings.region,
    postalCode: settings.postalCode,
    country: settings.country,
    countryCode: settings.countryCode,
    latitude: settings.latitude,
    longitude: settings.longitude,
    linkedin: settings.linkedin,
    instagram: settings.instagram,
    facebook: settings.facebook,
    x: settings.x,
    clientsServed: settings.clientsServed,
    successRate: settings.successRate,
    support: settings.support,
    figuresSource: settings.figuresSource,
    foundedYear: settings.foundedYear,
    autoReplySubject: settings.autoReplySubject,
    autoReplyBody: settings.autoReplyBody,
    aiCrawlersRefused: settings.aiCrawlersRefused ?? [],
  };
}
