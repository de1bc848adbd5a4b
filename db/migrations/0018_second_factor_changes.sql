CREATE TABLE `staff_policy` (
	`id` integer PRIMARY KEY NOT NULL,
	`require_second_factor` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `totp_pending_secret` text;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_last_step` integer;--> statement-breakpoint
UPDATE `users` SET `totp_pending_secret` = `totp_secret`, `totp_secret` = NULL WHERE `totp_secret` IS NOT NULL AND `totp_confirmed_at` IS NULL;--> statement-breakpoint
INSERT INTO `audit_log` (`actor`, `action`, `subject`) SELECT 'system', 'staff.renamed', `username` || ' → ' || `username` || '-' || substr(`id`, 1, 4) || ' (the same name as an older account but for capitals)' FROM `users` AS `later` WHERE EXISTS (SELECT 1 FROM `users` AS `older` WHERE lower(`older`.`username`) = lower(`later`.`username`) AND (`older`.`created_at` < `later`.`created_at` OR (`older`.`created_at` = `later`.`created_at` AND `older`.`rowid` < `later`.`rowid`)));--> statement-breakpoint
UPDATE `users` SET `username` = `username` || '-' || substr(`id`, 1, 4) WHERE EXISTS (SELECT 1 FROM `users` AS `older` WHERE lower(`older`.`username`) = lower(`users`.`username`) AND (`older`.`created_at` < `users`.`created_at` OR (`older`.`created_at` = `users`.`created_at` AND `older`.`rowid` < `users`.`rowid`)));--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_nocase_unique` ON `users` (lower("username"));