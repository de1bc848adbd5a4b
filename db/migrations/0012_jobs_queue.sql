CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`title` text NOT NULL,
	`about` text,
	`payload` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`done_at` integer,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_pending_idx` ON `jobs` (`done_at`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `jobs_about_idx` ON `jobs` (`about`);--> statement-breakpoint
CREATE INDEX `jobs_created_idx` ON `jobs` (`created_at`);--> statement-breakpoint
INSERT INTO `jobs` (`id`, `kind`, `target`, `title`, `about`, `payload`, `attempts`, `next_attempt_at`, `done_at`, `last_error`, `created_at`)
SELECT `id`, 'mail', `to`, `subject`, lower(coalesce(`reply_to`, `to`)),
  json_object('to', `to`, 'replyTo', `reply_to`, 'subject', `subject`, 'text', `text`, 'html', `html`),
  `attempts`, `next_attempt_at`, `sent_at`, `last_error`, `created_at`
FROM `mail_outbox`;
