-- One old-address table keyed by kind: the posts' and the case studies' earlier slugs move into
-- old_addresses with every row kept (its slug, its owner, when it was kept), so every old address still
-- answers its 301; then the two tables go.
CREATE TABLE `old_addresses` (
	`kind` text NOT NULL,
	`old_slug` text NOT NULL,
	`post_id` text,
	`case_study_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`kind`, `old_slug`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`case_study_id`) REFERENCES `case_studies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "old_addresses_owner_of_its_kind" CHECK(("old_addresses"."kind" = 'post' and "old_addresses"."post_id" is not null and "old_addresses"."case_study_id" is null) or ("old_addresses"."kind" = 'case-study' and "old_addresses"."case_study_id" is not null and "old_addresses"."post_id" is null))
);
--> statement-breakpoint
INSERT INTO `old_addresses` (`kind`, `old_slug`, `post_id`, `created_at`)
  SELECT 'post', `old_slug`, `post_id`, `created_at` FROM `slug_redirects`;
--> statement-breakpoint
INSERT INTO `old_addresses` (`kind`, `old_slug`, `case_study_id`, `created_at`)
  SELECT 'case-study', `old_slug`, `case_study_id`, `created_at` FROM `case_study_slug_redirects`;
--> statement-breakpoint
DROP TABLE `case_study_slug_redirects`;--> statement-breakpoint
DROP TABLE `slug_redirects`;