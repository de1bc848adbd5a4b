-- Posts that end on their own: the end chosen (unpublish_at), when one ended (ended_at) and where its address then sends a visitor (end_redirect; none: 410 Gone).
ALTER TABLE `posts` ADD `unpublish_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `ended_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `end_redirect` text;--> statement-breakpoint
CREATE INDEX `posts_end_idx` ON `posts` (`status`,`unpublish_at`);