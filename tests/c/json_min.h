/* json_min.h — a minimal JSON reader for the C tests that replay the
 * conformance vectors of ../shared/conformance: objects, arrays, numbers,
 * strings (without escapes beyond \" and \\), true, false and null. It reads
 * trusted test data: a malformed file makes json_parse return NULL. */
#ifndef GOSPARSE_TEST_JSON_MIN_H
#define GOSPARSE_TEST_JSON_MIN_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum json_kind { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

typedef struct json {
    enum json_kind kind;
    double number;      /* JSON_NUMBER, JSON_BOOL (0 or 1) */
    char *string;       /* JSON_STRING */
    struct json *items; /* JSON_ARRAY elements, JSON_OBJECT values */
    char **keys;        /* JSON_OBJECT keys */
    size_t count;
} json;

static const char *json_skip(const char *p) {
    while (*p && isspace((unsigned char)*p)) p++;
    return p;
}

static const char *json_value(const char *p, json *out);

static const char *json_string(const char *p, char **out) {
    size_t cap = 16, n = 0;
    char *s = malloc(cap);
    if (*p != '"' || s == NULL) { free(s); return NULL; }
    for (p++; *p && *p != '"'; p++) {
        if (*p == '\\' && p[1]) p++;
        if (n + 1 >= cap) {
            char *t = realloc(s, cap *= 2);
            if (t == NULL) { free(s); return NULL; }
            s = t;
        }
        s[n++] = *p;
    }
    if (*p != '"') { free(s); return NULL; }
    s[n] = '\0';
    *out = s;
    return p + 1;
}

/* json_list reads the elements of an array (keys == NULL) or an object. */
static const char *json_list(const char *p, json *out, int object) {
    size_t cap = 8;
    char close = object ? '}' : ']';
    out->items = calloc(cap, sizeof(json));
    out->keys = object ? calloc(cap, sizeof(char *)) : NULL;
    if (out->items == NULL || (object && out->keys == NULL)) return NULL;
    p = json_skip(p + 1);
    if (*p == close) return p + 1;
    for (;;) {
        if (out->count == cap) {
            json *items = realloc(out->items, 2 * cap * sizeof(json));
            if (items == NULL) return NULL;
            out->items = items;
            if (object) {
                char **keys = realloc(out->keys, 2 * cap * sizeof(char *));
                if (keys == NULL) return NULL;
                out->keys = keys;
            }
            cap *= 2;
        }
        p = json_skip(p);
        if (object) {
            p = json_string(p, &out->keys[out->count]);
            if (p == NULL) return NULL;
            p = json_skip(p);
            if (*p++ != ':') return NULL;
        }
        memset(&out->items[out->count], 0, sizeof(json));
        p = json_value(json_skip(p), &out->items[out->count]);
        if (p == NULL) return NULL;
        out->count++;
        p = json_skip(p);
        if (*p == ',') { p++; continue; }
        if (*p == close) return p + 1;
        return NULL;
    }
}

static const char *json_value(const char *p, json *out) {
    char *end;
    switch (*p) {
    case '{': out->kind = JSON_OBJECT; return json_list(p, out, 1);
    case '[': out->kind = JSON_ARRAY; return json_list(p, out, 0);
    case '"': out->kind = JSON_STRING; return json_string(p, &out->string);
    case 't': out->kind = JSON_BOOL; out->number = 1; return strncmp(p, "true", 4) ? NULL : p + 4;
    case 'f': out->kind = JSON_BOOL; return strncmp(p, "false", 5) ? NULL : p + 5;
    case 'n': out->kind = JSON_NULL; return strncmp(p, "null", 4) ? NULL : p + 4;
    }
    out->kind = JSON_NUMBER;
    out->number = strtod(p, &end);
    return end == p ? NULL : end;
}

static void json_free(json *j) {
    if (j == NULL) return;
    for (size_t i = 0; i < j->count; i++) {
        json_free(&j->items[i]);
        if (j->keys) free(j->keys[i]);
    }
    free(j->items);
    free(j->keys);
    free(j->string);
}

/* json_load reads and parses a file; NULL when absent or malformed. Free with
 * json_free and free. */
static json *json_load(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    json *j = calloc(1, sizeof(json));
    if (text == NULL || j == NULL || fread(text, 1, (size_t)n, f) != (size_t)n) {
        free(text);
        free(j);
        fclose(f);
        return NULL;
    }
    fclose(f);
    text[n] = '\0';
    const char *end = json_value(json_skip(text), j);
    free(text);
    if (end == NULL) {
        json_free(j);
        free(j);
        return NULL;
    }
    return j;
}

/* json_get returns the value of key in an object, or NULL. */
static const json *json_get(const json *j, const char *key) {
    if (j == NULL || j->kind != JSON_OBJECT) return NULL;
    for (size_t i = 0; i < j->count; i++)
        if (strcmp(j->keys[i], key) == 0) return &j->items[i];
    return NULL;
}

#endif
