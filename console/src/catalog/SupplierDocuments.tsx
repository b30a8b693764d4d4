// A supplier's documents (contracts, certificates, insurance…): the list with downloads for whoever may see the
// supplier; upload and delete for those who manage supplier contracts.
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Autocomplete,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { useCan } from '../auth/session';
import { FormError } from '../components/FormError';
import { QueryView } from '../components/QueryView';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { formatDate, formatFileSize } from '../lib/format';
import { catalogKeys, useSupplierDocuments } from './api';
import { type Supplier } from './types';

const MANAGE = 'operations:manage-supplier-contracts';
/** Suggestions only: the API takes any type. */
const DOCUMENT_TYPES = [
  'contract',
  'certificate',
  'insurance',
  'tax_document',
  'audit',
  'agreement',
  'nda',
  'compliance',
];

export function SupplierDocuments({ supplier }: { supplier: Supplier }) {
  const can = useCan();
  const documents = useSupplierDocuments(supplier.id);

  return (
    <Stack gap="sm">
      <QueryView
        query={documents}
        errorTitle="Could not load the documents"
        isEmpty={(rows) => rows.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            No documents yet.
          </Text>
        }
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label="Documents">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  {can(MANAGE) && <Table.Th aria-label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((document) => (
                  <Table.Tr key={document.id}>
                    <Table.Td>
                      <Anchor href={document.download_url} size="sm" download={document.file_name}>
                        {document.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{document.type}</Table.Td>
                    <Table.Td>{formatFileSize(document.size_bytes)}</Table.Td>
                    <Table.Td>
                      {formatDate(document.expires_at)}{' '}
                      {document.is_expired && (
                        <Badge color="red" variant="light" size="sm">
                          Expired
                        </Badge>
                      )}
                    </Table.Td>
                    {can(MANAGE) && (
                      <Table.Td>
                        <DeleteDocumentButton supplierId={supplier.id} documentId={document.id} name={document.name} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryView>
      {can(MANAGE) && <UploadDocumentForm supplierId={supplier.id} />}
    </Stack>
  );
}

function DeleteDocumentButton({
  supplierId,
  documentId,
  name,
}: {
  supplierId: string;
  documentId: string;
  name: string;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () =>
      unwrap(
        api.DELETE('/api/v1/operations/suppliers/{id}/documents/{documentId}', {
          params: { path: { id: supplierId, documentId } },
        }),
      ),
    onSuccess: () => notifySuccess(`${name} deleted.`),
    onError: (error) => notifyFailure(error, `${name} was not deleted`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.supplierDocuments(supplierId) }),
  });
  const ask = async () => {
    if (
      await confirm({
        title: `Delete ${name}?`,
        message: 'The file is removed for good.',
        confirmLabel: 'Delete',
        danger: true,
      })
    )
      remove.mutate();
  };
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`Delete ${name}`}
      loading={remove.isPending}
      onClick={() => void ask()}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
}

function UploadDocumentForm({ supplierId }: { supplierId: string }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { file: null as File | null, type: '', name: '', expires_at: '' },
    validate: { file: (file) => (file ? null : 'Choose a file.') },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async ({ file, type, name, expires_at }) => {
    if (!file) return;
    const fields = { type, ...(name.trim() ? { name: name.trim() } : {}), ...(expires_at ? { expires_at } : {}) };
    await unwrap(
      api.POST('/api/v1/operations/suppliers/{id}/documents', {
        params: { path: { id: supplierId } },
        body: { ...fields, file: file.name },
        // Multipart: the fields, then the file itself (the browser sets the boundary).
        bodySerializer: () => {
          const data = new FormData();
          for (const [key, value] of Object.entries(fields)) data.append(key, value);
          data.append('file', file, file.name);
          return data;
        },
      }),
    );
    notifySuccess(`${name.trim() || file.name} uploaded.`);
    form.reset();
    await queryClient.invalidateQueries({ queryKey: catalogKeys.supplierDocuments(supplierId) });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Upload a document">
      <FormError message={formError} />
      <Group align="flex-end" wrap="wrap" gap="sm">
        <FileInput
          label="File"
          placeholder="Choose a file"
          required
          clearable
          w={200}
          {...form.getInputProps('file')}
        />
        <Autocomplete label="Type" required data={DOCUMENT_TYPES} w={160} {...form.getInputProps('type')} />
        <TextInput label="Name" placeholder="The file's name" w={180} {...form.getInputProps('name')} />
        <TextInput label="Expires" type="date" w={150} {...form.getInputProps('expires_at')} />
        <Button type="submit" variant="light" leftSection={<IconUpload size={16} />} loading={submitting}>
          Upload
        </Button>
      </Group>
    </form>
  );
}
