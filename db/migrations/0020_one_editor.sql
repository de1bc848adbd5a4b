-- One editor for posts and case studies: their autosaves and revisions share one table each. The
-- posts' rows move over as they are; the old tables go.
CREATE TABLE `autosaves` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`item_key` text NOT NULL,
	`values` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `item_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text,
	`case_study_id` text,
	`snapshot` text NOT NULL,
	`author_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`case_study_id`) REFERENCES `case_studies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "revisions_one_owner" CHECK(("revisions"."post_id" is null) <> ("revisions"."case_study_id" is null))
);
--> statement-breakpoint
CREATE INDEX `revisions_post_idx` ON `revisions` (`post_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `revisions_case_study_idx` ON `revisions` (`case_study_id`,`created_at`);--> statement-breakpoint
INSERT INTO `autosaves` (`user_id`, `kind`, `item_key`, `values`, `updated_at`)
  SELECT `user_id`, 'post', `post_key`, `values`, `updated_at` FROM `post_autosaves`;
--> statement-breakpoint
INSERT INTO `revisions` (`id`, `post_id`, `snapshot`, `author_id`, `created_at`)
  SELECT `id`, `post_id`, `snapshot`, `author_id`, `created_at` FROM `post_revisions`;
--> statement-breakpoint
DROP TABLE `post_autosaves`;
--> statement-breakpoint
DROP TABLE `post_revisions`;
