-- Preview links (decision 061): a draft shown to anyone holding a link; only the token's SHA-256 is kept.
CREATE TABLE `preview_links` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`last_opened_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `preview_links_token_hash_unique` ON `preview_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `preview_links_target_idx` ON `preview_links` (`kind`,`target`);