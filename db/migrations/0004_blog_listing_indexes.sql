DROP INDEX `blog_posts_status_created_idx`;--> statement-breakpoint
CREATE INDEX `blog_posts_listing_idx` ON `blog_posts` (`status`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `blog_posts_id_state_idx` ON `blog_posts` (`id`,`status`,`deleted_at`);