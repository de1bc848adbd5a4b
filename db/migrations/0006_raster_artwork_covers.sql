-- The seeded covers were SVG files (/images/work/{slug}.svg, /images/blog/{slug}.svg); they are now
-- raster artwork in responsive widths (scripts/make-artwork.ts). Only rows still pointing at an old
-- seeded file change; a cover the admin uploaded is left alone.
UPDATE `work_projects` SET `cover_image` = '/images/art/work-' || substr(`cover_image`, 14, length(`cover_image`) - 17) || '-1200x675/1200.jpg'
  WHERE `cover_image` LIKE '/images/work/%.svg';--> statement-breakpoint
UPDATE `blog_posts` SET `cover_image` = '/images/art/blog-' || substr(`cover_image`, 14, length(`cover_image`) - 17) || '-1200x675/1200.jpg'
  WHERE `cover_image` LIKE '/images/blog/%.svg';
