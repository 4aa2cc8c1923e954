CREATE TABLE "medical_record_chunks" (
	"record_id" integer NOT NULL,
	"chunk_index" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "medical_record_chunks_record_id_chunk_index_pk" PRIMARY KEY("record_id","chunk_index"),
	CONSTRAINT "medical_record_chunks_index_check" CHECK ("medical_record_chunks"."chunk_index" >= 0),
	CONSTRAINT "medical_record_chunks_size_check" CHECK (octet_length("medical_record_chunks"."bytes") between 1 and 262144)
);
--> statement-breakpoint
-- Each stored document moves into pieces of 256 KiB, in order, before its whole copy is dropped.
INSERT INTO "medical_record_chunks" ("record_id", "chunk_index", "bytes")
SELECT f."record_id", piece.i, substring(f."contents" FROM piece.i * 262144 + 1 FOR 262144)
FROM "medical_record_files" f
CROSS JOIN LATERAL generate_series(0, (octet_length(f."contents") - 1) / 262144) AS piece(i)
WHERE octet_length(f."contents") > 0;--> statement-breakpoint
DROP TABLE "medical_record_files" CASCADE;--> statement-breakpoint
ALTER TABLE "medical_record_chunks" ADD CONSTRAINT "medical_record_chunks_record_id_medical_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."medical_records"("id") ON DELETE cascade ON UPDATE no action;