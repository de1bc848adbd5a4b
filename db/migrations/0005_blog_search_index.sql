-- Full-text index of the posts' titles and excerpts for the blog search. The trigram tokenizer finds
-- any substring of three or more characters (like LIKE '%…%', but without reading every post).
-- Kept in step with blog_posts by the triggers below, whatever writes the rows.
CREATE VIRTUAL TABLE `blog_posts_search` USING fts5(title, excerpt, content='blog_posts', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `blog_posts_search`(`blog_posts_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `blog_posts_search_insert` AFTER INSERT ON `blog_posts` BEGIN
  INSERT INTO `blog_posts_search`(rowid, title, excerpt) VALUES (new.rowid, new.title, new.excerpt);
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_search_delete` AFTER DELETE ON `blog_posts` BEGIN
  INSERT INTO `blog_posts_search`(`blog_posts_search`, rowid, title, excerpt) VALUES ('delete', old.rowid, old.title, old.excerpt);
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_search_update` AFTER UPDATE OF title, excerpt ON `blog_posts` BEGIN
  INSERT INTO `blog_posts_search`(`blog_posts_search`, rowid, title, excerpt) VALUES ('delete', old.rowid, old.title, old.excerpt);
  INSERT INTO `blog_posts_search`(rowid, title, excerpt) VALUES (new.rowid, new.title, new.excerpt);
END;
