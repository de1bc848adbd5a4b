-- The agency's tagline and auto-reply in other languages, and the language a newsletter subscriber signed up in.
CREATE TABLE `site_settings_translations` (
	`lang` text PRIMARY KEY NOT NULL,
	`tagline` text NOT NULL,
	`auto_reply_subject` text NOT NULL,
	`auto_reply_body` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `lang` text;