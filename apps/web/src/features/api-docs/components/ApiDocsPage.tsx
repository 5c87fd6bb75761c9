import { Accordion, Badge, Code, Container, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type OpenApiOperation, health, urlOf } from '@preffy/api';
import { call } from '../../../lib/api/client.ts';

const documentUrl = urlOf(health.openapi);

const METHOD_COLORS: Record<string, string> = {
  get: 'blue',
  post: 'green',
  patch: 'orange',
  put: 'orange',
  delete: 'red',
};

/** The API reference, read from the server's own OpenAPI document (rendered without the layout). */
export function ApiDocsPage() {
  const { t } = useTranslation('apiDocs');
  const { data } = useQuery({
    queryKey: ['openapi'],
    queryFn: () => call(health.openapi),
  });
  if (!data)
    return (
      <Group p="xl">
        <Loader size="sm" />
        <Text>{t('loading')}</Text>
      </Group>
    );
  const byTag = new Map<string, { path: string; method: string; op: OpenApiOperation }[]>();
  for (const [path, methods] of Object.entries(data.paths))
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { path, method, op }]);
    }
  return (
    <Container size="lg" py="xl" component="main">
      <Title order={1} mb="xs">
        {t('title')}
      </Title>
      <Text c="dimmed" mb="lg">
        OpenAPI {data.info.version} · <a href={documentUrl}>{documentUrl}</a>
      </Text>
      <Stack>
        {[...byTag].map(([tag, operations]) => (
          <section key={tag}>
            <Title order={2} size="h3" mb="xs" tt="capitalize">
              {tag}
            </Title>
            <Accordion variant="separated" multiple>
              {operations.map(({ path, method, op }) => (
                <Accordion.Item key={`${method} ${path}`} value={`${method} ${path}`}>
                  <Accordion.Control>
                    {/* Wraps on a narrow screen rather than scrolling inside the button. */}
                    <Group gap="sm">
                      <Badge color={METHOD_COLORS[method] ?? 'gray'} w={70}>
                        {method}
                      </Badge>
                      <Code style={{ overflowWrap: 'anywhere' }}>{path}</Code>
                      <Text size="sm">{op.summary}</Text>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {op.parameters?.length ? (
                      <>
                        <Text fw={600} size="sm">
                          {t('parameters')}
                        </Text>
                        <Table>
                          <Table.Tbody>
                            {op.parameters.map((p) => (
                              <Table.Tr key={`${p.in}:${p.name}`}>
                                <Table.Td>
                                  <Code>{p.name}</Code>
                                  {p.required ? ' *' : ''}
                                </Table.Td>
                                <Table.Td>{p.in}</Table.Td>
                                <Table.Td>
                                  <Code>{JSON.stringify(p.schema)}</Code>
                                </Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      </>
                    ) : null}
                    {op.requestBody?.content?.['application/json'] && (
                      <>
                        <Text fw={600} size="sm" mt="sm">
                          {t('requestBody')}
                        </Text>
                        {/* Scrolls sideways when long: focusable, so the keyboard can scroll it. */}
                        <Code block tabIndex={0}>
                          {JSON.stringify(op.requestBody.content['application/json'].schema, null, 2)}
                        </Code>
                      </>
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </section>
        ))}
      </Stack>
    </Container>
  );
}
