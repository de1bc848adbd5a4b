CREATE TABLE `media` (
	`id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`kind` text NOT NULL,
	`mime` text NOT NULL,
	`width` integer,
	`height` integer,
	`bytes` integer NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`captions_url` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_url_unique` ON `media` (`url`);--> statement-breakpoint
CREATE INDEX `media_created_idx` ON `media` (`created_at`);--> statement-breakpoint
CREATE TABLE `post_autosaves` (
	`user_id` text NOT NULL,
	`post_key` text NOT NULL,
	`values` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `post_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `post_revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`snapshot` text NOT NULL,
	`author_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `post_revisions_post_idx` ON `post_revisions` (`post_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `cover_alt` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `seo_title` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `seo_description` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `social_image` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `publish_at` integer;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `published_at` integer;--> statement-breakpoint
CREATE INDEX `blog_posts_schedule_idx` ON `blog_posts` (`status`,`publish_at`);--> statement-breakpoint
-- A post that is live went live when it was written (the public date is still created_at).
UPDATE `blog_posts` SET `published_at` = `created_at` WHERE `status` = 'published';
