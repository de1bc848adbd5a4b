DROP INDEX `newsletter_sends_post_id_unique`;--> statement-breakpoint
ALTER TABLE `newsletter_sends` ADD `audience` text;--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_sends_post_audience_idx` ON `newsletter_sends` (`post_id`,coalesce(`audience`, ''));
