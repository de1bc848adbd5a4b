export { seedCaseStudies } from "./data/case-studies";
export { seedPackages } from "./data/packages";
export { seedPosts } from "./data/posts";
export { seedStory } from "./data/story";
export { seedTeam } from "./data/team";
export { seedTestimonials } from "./data/testimonials";
