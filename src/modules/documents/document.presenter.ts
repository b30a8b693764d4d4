// A document as the API presents it: its download link under the owner's path, and whether it has expired.
import type { DocumentOwner } from './document-owners.js';
import type { Document } from './document.repository.js';
import type { DocumentResponse } from './document.schemas.js';

export function documentResource(
  document: Document,
  apiPrefix: string,
  owner: DocumentOwner,
  now: Date,
): DocumentResponse {
  return {
    id: document.id,
    owner_type: document.owner_type,
    owner_id: document.owner_id,
    type: document.type,
    name: document.name,
    description: document.description,
    tags: document.tags,
    is_public: document.is_public,
    is_sensitive: document.is_sensitive,
    expires_at: document.expires_at,
    is_expired: document.expires_at !== null && Date.parse(document.expires_at) <= now.getTime(),
    metadata: document.metadata,
    file_name: document.original_filename,
    mime_type: document.mime_type,
    extension: document.extension,
    size_bytes: document.size_bytes,
    checksum_sha256: document.checksum_sha256,
    status: document.status,
    archived_at: document.archived_at,
    renews_id: document.renews_id,
    renewed_by_id: document.renewed_by_id,
    uploaded_by: document.uploaded_by,
    download_url: `${apiPrefix}/operations/${owner.path}/${document.owner_id}/documents/${document.id}/download`,
    created_at: document.created_at,
    updated_at: document.updated_at,
  };
}
