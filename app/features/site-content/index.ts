export { Avatar } from "./components/avatar";
export { ClientStrip } from "./components/client-strip";
export { PackageCard } from "./components/package-card";
export { PersonCard, TeamCard } from "./components/person-card";
export { StatGrid, toneText } from "./components/stat-tile";
export { TeamAtWork } from "./components/team-at-work";
export {
  attribution,
  QuoteAuthor,
  TestimonialCard,
  type TestimonialSummary,
} from "./components/testimonial-card";
export { TeamMemberSchema, TestimonialSchema } from "./content-schemas";
