ALTER TABLE `contacts` ADD `spam_score` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contacts` ADD `spam_reasons` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `contacts` ADD `form_token` text;--> statement-breakpoint
CREATE INDEX `contacts_form_token_idx` ON `contacts` (`form_token`);--> statement-breakpoint
CREATE INDEX `contacts_email_idx` ON `contacts` (`email`,`created_at`);