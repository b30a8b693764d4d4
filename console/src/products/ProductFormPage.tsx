// Creating and editing a product: every field an operator sets, the attribute values, and the API's 422
// messages at their fields.
import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, unwrap } from '../api/client';
import { useCan } from '../auth/session';
import { FormError } from '../components/FormError';
import { NotFoundPage } from '../components/NotFoundPage';
import { PageHeader } from '../components/PageHeader';
import { QueryView } from '../components/QueryView';
import { PageLoader } from '../components/PageLoader';
import { QueryError } from '../components/QueryError';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { productKeys, useAttributeDefinitions, useProduct } from './api';
import { BARCODE_TYPES, DIMENSION_UNITS, PRODUCT_TYPES, type Attribute, type Product, type ProductType } from './model';
import { AttributeField } from './AttributeField';
import { EntitySelect } from './EntitySelect';
import { TagsSelect } from './TagsSelect';
import { brandSource, categorySource, supplierSource } from './entity-options';
import { codeLabel } from './format';
import {
  createBody,
  newProductValues,
  productValues,
  typeDefaults,
  updateBody,
  type ProductFormValues,
} from './product-form';

export function NewProductPage() {
  const can = useCan();
  const attributes = useAttributeDefinitions();
  if (!can('operations:create-products')) return <NotFoundPage what="page" />;
  if (attributes.isPending) return <PageLoader />;
  if (attributes.isError)
    return (
      <QueryError
        error={attributes.error}
        onRetry={() => void attributes.refetch()}
        title="Could not load the attributes"
      />
    );
  return (
    <>
      <PageHeader
        title="New product"
        trail={[['Products', '/products']]}
        description="A new product starts as a draft."
      />
      <ProductForm attributes={attributes.data} />
    </>
  );
}

export function EditProductPage() {
  const { id = '' } = useParams();
  const can = useCan();
  // Both asked at once: neither waits for the other.
  const product = useProduct(id);
  const attributes = useAttributeDefinitions();
  if (!can('operations:edit-products')) return <NotFoundPage what="page" />;
  return (
    <QueryView query={product} notFound="product" errorTitle="Could not load the product">
      {(data) => (
        <QueryView query={attributes} errorTitle="Could not load the attributes">
          {(definitions) => (
            <>
              <PageHeader
                title={`Edit ${data.name}`}
                trail={[
                  ['Products', '/products'],
                  [data.name, `/products/${data.id}`],
                ]}
              />
              <ProductForm attributes={definitions} product={data} />
            </>
          )}
        </QueryView>
      )}
    </QueryView>
  );
}

function ProductForm({ attributes, product }: { attributes: Attribute[]; product?: Product }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<ProductFormValues>({
    initialValues: product ? productValues(product, attributes) : newProductValues(attributes),
    validate: { name: (name) => (name.trim() === '' ? 'Enter a name.' : null) },
  });

  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const saved = product
      ? (
          await unwrap(
            api.PATCH('/api/v1/operations/products/{id}', {
              params: { path: { id: product.id } },
              body: updateBody(values, attributes),
            }),
          )
        ).data
      : (await unwrap(api.POST('/api/v1/operations/products', { body: createBody(values, attributes) }))).data;
    queryClient.setQueryData(productKeys.detail(saved.id), saved);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: productKeys.about(saved.id) }),
    ]);
    notifySuccess(`${saved.name} was ${product ? 'saved' : 'created'}.`, product ? 'Product saved' : 'Product created');
    void navigate(`/products/${saved.id}`);
  });

  const chooseType = (type: ProductType) => {
    form.setFieldValue('type', type);
    // A new product takes the chosen type's defaults, as the API would; an existing one keeps its settings.
    if (!product) form.setValues(typeDefaults(type));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormError message={formError} />
      <Stack gap="md" maw={960}>
        <Section title="Identity">
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <TextInput
            label="SKU"
            description={product ? undefined : 'Generated from the name when left empty.'}
            {...form.getInputProps('sku')}
          />
          <Select
            label="Type"
            withAsterisk
            allowDeselect={false}
            data={PRODUCT_TYPES.map((type) => ({ value: type, label: codeLabel(type) }))}
            {...form.getInputProps('type')}
            onChange={(value) => value && chooseType(value as ProductType)}
          />
          <Group grow align="flex-start" gap="sm">
            <TextInput label="Barcode" {...form.getInputProps('barcode')} />
            <Select
              label="Barcode type"
              clearable
              placeholder="Not set"
              data={BARCODE_TYPES.map((type) => ({ value: type, label: type.toUpperCase() }))}
              {...form.getInputProps('barcode_type')}
            />
          </Group>
        </Section>

        <Section title="Description" columns={1}>
          <TextInput label="Short description" {...form.getInputProps('short_description')} />
          <Textarea label="Description" autosize minRows={3} {...form.getInputProps('description')} />
        </Section>

        <Section title="Catalogue">
          <EntitySelect
            label="Category"
            placeholder="None"
            source={categorySource}
            chosen={product?.category ? { value: product.category.id, label: product.category.name } : null}
            {...linkProps(form, 'category_id')}
          />
          <EntitySelect
            label="Brand"
            placeholder="None"
            source={brandSource}
            chosen={product?.brand ? { value: product.brand.id, label: product.brand.name } : null}
            {...linkProps(form, 'brand_id')}
          />
          <EntitySelect
            label="Supplier"
            placeholder="None"
            source={supplierSource}
            chosen={
              product?.supplier
                ? { value: product.supplier.id, label: `${product.supplier.name} (${product.supplier.code})` }
                : null
            }
            {...linkProps(form, 'supplier_id')}
          />
          <TagsSelect
            label="Tags"
            placeholder="None"
            initial={product?.tags.map((tag) => ({ value: tag.id, label: tag.name }))}
            value={form.values.tags}
            onChange={(tags) => form.setFieldValue('tags', tags)}
            error={form.errors.tags}
          />
          <Checkbox label="Featured" mt="xl" {...form.getInputProps('is_featured', { type: 'checkbox' })} />
        </Section>

        <Section title="Prices">
          <NumberInput label="Selling price" min={0} decimalScale={4} {...form.getInputProps('selling_price')} />
          <NumberInput label="Cost price" min={0} decimalScale={4} {...form.getInputProps('cost_price')} />
          <TextInput
            label="Currency"
            description={product ? undefined : "ISO 4217 code; the company's default when left empty."}
            maxLength={3}
            {...form.getInputProps('currency')}
          />
          <Checkbox label="Taxable" mt="xl" {...form.getInputProps('is_taxable', { type: 'checkbox' })} />
        </Section>

        <Section title="Stock">
          <Checkbox label="Track inventory" {...form.getInputProps('track_inventory', { type: 'checkbox' })} />
          <Checkbox label="Allow backorders" {...form.getInputProps('allow_backorders', { type: 'checkbox' })} />
          <NumberInput label="Reorder point" min={0} allowDecimal={false} {...form.getInputProps('reorder_point')} />
          <NumberInput
            label="Reorder quantity"
            min={0}
            allowDecimal={false}
            {...form.getInputProps('reorder_quantity')}
          />
          {!product && (
            <NumberInput
              label="Initial stock"
              description="Received into the default warehouse."
              min={0}
              allowDecimal={false}
              disabled={!form.values.track_inventory}
              {...form.getInputProps('stock_quantity')}
            />
          )}
        </Section>

        <Section title="Shipping">
          <Checkbox label="Requires shipping" {...form.getInputProps('requires_shipping', { type: 'checkbox' })} />
          <NumberInput label="Weight" min={0} decimalScale={3} {...form.getInputProps('weight')} />
          <NumberInput label="Length" min={0} decimalScale={3} {...form.getInputProps('length')} />
          <NumberInput label="Width" min={0} decimalScale={3} {...form.getInputProps('width')} />
          <NumberInput label="Height" min={0} decimalScale={3} {...form.getInputProps('height')} />
          <Select
            label="Dimensions unit"
            allowDeselect={false}
            data={[...DIMENSION_UNITS]}
            {...form.getInputProps('dimensions_unit')}
          />
        </Section>

        <Section title="Attributes">
          {attributes.length === 0 ? (
            <Text c="dimmed" size="sm">
              No attributes are defined.
            </Text>
          ) : (
            attributes.map((attribute) => <AttributeField key={attribute.id} attribute={attribute} form={form} />)
          )}
        </Section>

        <Group>
          <Button type="submit" loading={submitting}>
            {product ? 'Save changes' : 'Create product'}
          </Button>
          <Button component={Link} to={product ? `/products/${product.id}` : '/products'} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A link's select wired to the form: its value, its change and its 422 message. */
function linkProps(form: UseFormReturnType<ProductFormValues>, field: 'category_id' | 'brand_id' | 'supplier_id') {
  return {
    value: form.values[field],
    onChange: (value: string | null) => form.setFieldValue(field, value),
    error: form.errors[field],
  };
}

function Section({ title, columns = 2, children }: { title: string; columns?: 1 | 2; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="fieldset" m={0}>
      <Title order={3} size="h5" mb="sm" component="legend" px={4}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Paper>
  );
}
