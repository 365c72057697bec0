/** The library's filters: kind, status and a search over titles and tags (a GET form: the URL keeps them), and the grid/list switch. */
import {
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
} from "@chakra-ui/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  LIBRARY_VIEWS,
  libraryHref,
  type LibraryQuery,
} from "#app/lib/media/library";
import { MEDIA_KINDS, MEDIA_STATUSES } from "#app/lib/media/model";

interface Props {
  path: string;
  query: LibraryQuery;
  /** The kind is fixed by the screen (/customerImageUpload shows images only). */
  fixedKind?: boolean;
}

export function LibraryFilters({ path, query, fixedKind }: Props) {
  const { t } = useTranslation();
  const filtered = Boolean(
    (!fixedKind && query.kind) || query.status || query.q
  );
  return (
    <Stack gap="3">
      <Form
        method="get"
        action={path}
        aria-label={t("library.filters.label")}
        role="search"
        key={`${query.kind}-${query.status}-${query.q}`}
      >
        {query.view !== "grid" ? (
          <input type="hidden" name="view" value={query.view} />
        ) : null}
        <Stack
          direction={{ base: "column", md: "row" }}
          gap="3"
          align={{ base: "stretch", md: "flex-end" }}
        >
          {fixedKind ? null : (
            <Field.Root maxW={{ md: "44" }}>
              <Field.Label>{t("library.filters.kind")}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="kind"
                  defaultValue={query.kind ?? ""}
                  data-testid="library-filter-kind"
                >
                  <option value="">{t("library.filters.any")}</option>
                  {MEDIA_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`library.kinds.${kind}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
          <Field.Root maxW={{ md: "52" }}>
            <Field.Label>{t("library.filters.status")}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="status"
                defaultValue={query.status ?? ""}
                data-testid="library-filter-status"
              >
                <option value="">{t("library.filters.any")}</option>
                {MEDIA_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`library.statuses.${status}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root flex="1">
            <Field.Label>{t("library.filters.search")}</Field.Label>
            <Input
              type="search"
              name="q"
              defaultValue={query.q ?? ""}
              maxLength={100}
              data-testid="library-search"
            />
          </Field.Root>
          <HStack>
            <Button
              type="submit"
              colorPalette="brand"
              data-testid="library-filter-apply"
            >
              {t("library.filters.searchButton")}
            </Button>
            {filtered ? (
              <Button asChild variant="ghost">
                <Link
                  to={libraryHref(path, {
                    view: query.view,
                    ...(fixedKind ? { kind: query.kind } : {}),
                  })}
                >
                  {t("library.filters.clear")}
                </Link>
              </Button>
            ) : null}
          </HStack>
        </Stack>
      </Form>
      {fixedKind ? null : (
        <HStack gap="2" role="group" aria-label={t("library.filters.view")}>
          {LIBRARY_VIEWS.map((view) => (
            <Button
              key={view}
              asChild
              size="sm"
              variant={query.view === view ? "solid" : "outline"}
              colorPalette="brand"
            >
              <Link
                to={libraryHref(path, query, { view, after: undefined })}
                aria-current={query.view === view ? "true" : undefined}
                data-testid={`library-view-${view}`}
              >
                {t(`library.filters.${view}`)}
              </Link>
            </Button>
          ))}
        </HStack>
      )}
    </Stack>
  );
}
