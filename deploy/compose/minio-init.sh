#!/bin/sh
# compose.yaml's minio-init one-shot: the private uploads bucket and the app's own MinIO user, allowed to read and
# write that bucket only (the root credentials stay with MinIO). Safe to run again.
set -eu
mc alias set local http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "local/$S3_BUCKET"
mc anonymous set none "local/$S3_BUCKET"
cat > /tmp/shop-uploads.json <<POLICY
{
  "Version": "2012-10-17",
  "Statement": [
    { "Effect": "Allow", "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], "Resource": ["arn:aws:s3:::$S3_BUCKET/*"] },
    { "Effect": "Allow", "Action": ["s3:ListBucket", "s3:GetBucketLocation"], "Resource": ["arn:aws:s3:::$S3_BUCKET"] }
  ]
}
POLICY
mc admin policy create local shop-uploads /tmp/shop-uploads.json 2>/dev/null || true
mc admin user add local "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
mc admin policy attach local shop-uploads --user "$S3_ACCESS_KEY_ID" 2>/dev/null || true
echo "minio-init: bucket $S3_BUCKET ready for $S3_ACCESS_KEY_ID"
