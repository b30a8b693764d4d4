// The product's documents: download each, and, for those who may edit the product, upload and delete.
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { useCan } from '../auth/session';
import { FormError } from '../components/FormError';
import { QueryView } from '../components/QueryView';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { productKeys, useProductDocuments } from './api';
import { DOCUMENT_TAGS, type Product, type ProductDocument } from './model';
import { formatDateTime, formatFileSize } from '../lib/format';
import { codeLabel } from './format';

export function ProductDocuments({ product }: { product: Product }) {
  const can = useCan();
  const documents = useProductDocuments(product.id);
  const editable = can('operations:edit-products');

  return (
    <Stack gap="lg">
      <QueryView
        query={documents}
        errorTitle="Could not load the documents"
        isEmpty={(page) => page.data.length === 0}
        empty={<Text c="dimmed">No documents yet.</Text>}
      >
        {(page) => <DocumentsTable product={product} documents={page.data} editable={editable} />}
      </QueryView>
      {editable && <UploadDocument product={product} />}
    </Stack>
  );
}

function DocumentsTable({
  product,
  documents,
  editable,
}: {
  product: Product;
  documents: ProductDocument[];
  editable: boolean;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (document: ProductDocument) =>
      unwrap(
        api.DELETE('/api/v1/operations/products/{id}/documents/{documentId}', {
          params: { path: { id: product.id, documentId: document.id } },
        }),
      ),
    onSuccess: async (_, document) => {
      notifySuccess(`${document.name} was deleted.`, 'Document deleted');
      await queryClient.invalidateQueries({ queryKey: productKeys.about(product.id) });
    },
    onError: (error) => notifyFailure(error, 'Could not delete the document'),
  });
  const askDelete = async (document: ProductDocument) => {
    if (
      await confirm({
        title: `Delete ${document.name}?`,
        message: 'The document is removed from this product.',
        confirmLabel: 'Delete',
        danger: true,
      })
    )
      remove.mutate(document);
  };

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label="Documents" withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Tags</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Uploaded</Table.Th>
            <Table.Th>
              <span className="mantine-visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((document) => (
            <Table.Tr key={document.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {document.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {document.file_name}
                  {document.is_sensitive && ' · sensitive'}
                  {document.is_expired && ' · expired'}
                </Text>
              </Table.Td>
              <Table.Td>{codeLabel(document.type)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {document.tags.map((tag) => (
                    <Badge key={tag} variant="outline" size="sm">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{formatFileSize(document.size_bytes)}</Table.Td>
              <Table.Td>{formatDateTime(document.created_at)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Anchor
                    href={document.download_url}
                    download={document.file_name}
                    size="sm"
                    aria-label={`Download ${document.name}`}
                  >
                    <Group gap={4} wrap="nowrap" component="span">
                      <IconDownload size={16} aria-hidden /> Download
                    </Group>
                  </Anchor>
                  {editable && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      aria-label={`Delete ${document.name}`}
                      onClick={() => void askDelete(document)}
                    >
                      Delete
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface UploadValues extends Record<string, unknown> {
  file: File | null;
  type: string;
  name: string;
  description: string;
  tags: string[];
  is_sensitive: boolean;
}

function UploadDocument({ product }: { product: Product }) {
  const queryClient = useQueryClient();
  const form = useForm<UploadValues>({
    initialValues: { file: null, type: 'manual', name: '', description: '', tags: [], is_sensitive: false },
    validate: { file: (file) => (file ? null : 'Choose a file.') },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const body = new FormData();
    body.append('type', values.type.trim());
    if (values.name.trim()) body.append('name', values.name.trim());
    if (values.description.trim()) body.append('description', values.description.trim());
    for (const tag of values.tags) body.append('tags[]', tag);
    body.append('is_sensitive', String(values.is_sensitive));
    // The file last: the server reads the fields before the file's bytes.
    body.append('file', values.file!);
    const { data } = await unwrap(
      api.POST('/api/v1/operations/products/{id}/documents', {
        params: { path: { id: product.id } },
        // openapi-fetch sends a FormData as it is, with its multipart boundary.
        body: body as unknown as { file: string; type: string },
      }),
    );
    notifySuccess(`${data.name} was uploaded.`, 'Document uploaded');
    form.reset();
    await queryClient.invalidateQueries({ queryKey: productKeys.about(product.id) });
  });

  return (
    <Paper withBorder p="md" component="section" aria-label="Upload a document">
      <Title order={2} size="h5" mb="sm">
        Upload a document
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FileInput
              label="File"
              withAsterisk
              placeholder="PDF, Word or an image, up to 10 MB"
              accept=".pdf,.doc,.docx,image/jpeg,image/png,image/gif,image/webp"
              clearable
              {...form.getInputProps('file')}
            />
            <TextInput
              label="Document type"
              withAsterisk
              description="What it is: manual, datasheet, image…"
              {...form.getInputProps('type')}
            />
            <TextInput
              label="Display name"
              description="The file's name when left empty."
              {...form.getInputProps('name')}
            />
            <MultiSelect label="Tags" data={DOCUMENT_TAGS} clearable searchable {...form.getInputProps('tags')} />
          </SimpleGrid>
          <TextInput label="Description" {...form.getInputProps('description')} />
          <Checkbox
            label="Sensitive: only people who may edit products see it"
            {...form.getInputProps('is_sensitive', { type: 'checkbox' })}
          />
          <Group>
            <Button type="submit" loading={submitting} leftSection={<IconUpload size={16} />}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
