CREATE TABLE `newsletter_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`recipients` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_sends_post_id_unique` ON `newsletter_sends` (`post_id`);--> statement-breakpoint
CREATE TABLE `newsletter_suppressions` (
	`email_hash` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `jobs` ADD `batch` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `started_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_batch_target_idx` ON `jobs` (`batch`,`target`);--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `consent_version` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `consent_text` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `consent_source` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `consent_client_hash` text;--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_status_idx` ON `newsletter_subscribers` (`status`,`created_at`);