ALTER TABLE `media` ADD `focal_x` integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `focal_y` integer DEFAULT 50 NOT NULL;