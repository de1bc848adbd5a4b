-- Team members', testimonials' and packages' words in other languages; an item's translations go with it.
CREATE TABLE `site_item_translations` (
	`kind` text NOT NULL,
	`item_id` text NOT NULL,
	`lang` text NOT NULL,
	`words` text NOT NULL,
	`source_words` text NOT NULL,
	`saved_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`saved_by` text,
	PRIMARY KEY(`kind`, `item_id`, `lang`),
	FOREIGN KEY (`saved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `site_item_translations_lang_idx` ON `site_item_translations` (`lang`);
--> statement-breakpoint
CREATE TRIGGER `team_members_translations_go` AFTER DELETE ON `team_members` BEGIN
	DELETE FROM `site_item_translations` WHERE `kind` = 'team' AND `item_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `testimonials_translations_go` AFTER DELETE ON `testimonials` BEGIN
	DELETE FROM `site_item_translations` WHERE `kind` = 'testimonials' AND `item_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `packages_translations_go` AFTER DELETE ON `packages` BEGIN
	DELETE FROM `site_item_translations` WHERE `kind` = 'packages' AND `item_id` = OLD.`id`;
END;