ALTER TABLE `case_studies` ADD `unpublish_at` integer;--> statement-breakpoint
ALTER TABLE `case_studies` ADD `ended_at` integer;--> statement-breakpoint
ALTER TABLE `case_studies` ADD `end_redirect` text;--> statement-breakpoint
ALTER TABLE `case_studies` ADD `check_problems` integer;--> statement-breakpoint
CREATE INDEX `case_studies_end_idx` ON `case_studies` (`status`,`unpublish_at`);--> statement-breakpoint
CREATE INDEX `case_studies_check_problems_idx` ON `case_studies` (`check_problems`);