ALTER TABLE "carts" ADD COLUMN "bike_lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "warranty_lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The counts of the carts that already have lines (decision 035, "Add-to-cart at the limit").
UPDATE "carts" SET
  "bike_lines" = (SELECT count(*) FROM "cart_items" i WHERE i."cart_id" = "carts"."id"),
  "warranty_lines" = (
    SELECT count(*) FROM "cart_store_items" s
      JOIN "store_variants" v ON v."variant_code" = s."variant_code"
      JOIN "store_articles" a ON a."id" = v."article_id"
      JOIN "store_groups" g ON g."slug" = a."group_slug"
      JOIN "store_categories" c ON c."slug" = g."category_slug"
    WHERE s."cart_id" = "carts"."id" AND c."kind" = 'extended_warranty')
WHERE EXISTS (SELECT 1 FROM "cart_items" i WHERE i."cart_id" = "carts"."id")
   OR EXISTS (SELECT 1 FROM "cart_store_items" s WHERE s."cart_id" = "carts"."id");
