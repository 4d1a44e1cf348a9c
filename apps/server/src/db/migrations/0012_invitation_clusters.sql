CREATE TABLE "invitation_clusters" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"address" text NOT NULL,
	"invitees" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitation_clusters" ADD CONSTRAINT "invitation_clusters_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_clusters_uq" ON "invitation_clusters" USING btree ("inviter_id","month","address");--> statement-breakpoint
CREATE INDEX "invitation_clusters_updated_idx" ON "invitation_clusters" USING btree ("updated_at");