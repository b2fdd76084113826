/* json_lite.h — a small JSON reader for the C tests that replay the
 * conformance vectors of ../shared (objects, arrays, strings without
 * unicode escapes, numbers as double, true/false/null). */
#ifndef GOSPARSE_TEST_JSON_LITE_H
#define GOSPARSE_TEST_JSON_LITE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUM, JSON_STR, JSON_ARR, JSON_OBJ } json_kind;

typedef struct json {
    json_kind kind;
    double num;         /* JSON_NUM, JSON_BOOL */
    char *str;          /* JSON_STR */
    int n;              /* JSON_ARR, JSON_OBJ: number of items */
    struct json *items; /* JSON_ARR, JSON_OBJ */
    char **keys;        /* JSON_OBJ */
} json;

static const char *json_ws(const char *p) {
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') p++;
    return p;
}

static const char *json_parse_at(const char *p, json *out);

static const char *json_string(const char *p, char **out) {
    if (*p != '"') return NULL;
    p++;
    size_t cap = 16, n = 0;
    char *s = malloc(cap);
    while (*p && *p != '"') {
        char c = *p++;
        if (c == '\\') {
            c = *p++;
            if (c == 'n') c = '\n';
            else if (c == 't') c = '\t';
            else if (c != '"' && c != '\\' && c != '/') { free(s); return NULL; }
        }
        if (n + 2 > cap) s = realloc(s, cap *= 2);
        s[n++] = c;
    }
    if (*p != '"') { free(s); return NULL; }
    s[n] = 0;
    *out = s;
    return p + 1;
}

/* json_list parses the items of an array (keys == NULL) or object. */
static const char *json_list(const char *p, json *out, int object, char close) {
    int cap = 0;
    out->n = 0;
    p = json_ws(p + 1);
    if (*p == close) return p + 1;
    for (;;) {
        if (out->n == cap) {
            cap = cap ? 2 * cap : 8;
            out->items = realloc(out->items, cap * sizeof *out->items);
            if (object) out->keys = realloc(out->keys, cap * sizeof *out->keys);
        }
        p = json_ws(p);
        if (object) {
            if (!(p = json_string(p, &out->keys[out->n]))) return NULL;
            p = json_ws(p);
            if (*p++ != ':') return NULL;
        }
        memset(&out->items[out->n], 0, sizeof *out->items);
        if (!(p = json_parse_at(json_ws(p), &out->items[out->n]))) return NULL;
        out->n++;
        p = json_ws(p);
        if (*p == close) return p + 1;
        if (*p++ != ',') return NULL;
    }
}

static const char *json_parse_at(const char *p, json *out) {
    if (*p == '{') { out->kind = JSON_OBJ; return json_list(p, out, 1, '}'); }
    if (*p == '[') { out->kind = JSON_ARR; return json_list(p, out, 0, ']'); }
    if (*p == '"') { out->kind = JSON_STR; return json_string(p, &out->str); }
    if (!strncmp(p, "true", 4)) { out->kind = JSON_BOOL; out->num = 1; return p + 4; }
    if (!strncmp(p, "false", 5)) { out->kind = JSON_BOOL; return p + 5; }
    if (!strncmp(p, "null", 4)) { out->kind = JSON_NULL; return p + 4; }
    char *end;
    out->kind = JSON_NUM;
    out->num = strtod(p, &end);
    return end == p ? NULL : end;
}

static void json_free(json *j) {
    for (int i = 0; i < j->n; i++) {
        json_free(&j->items[i]);
        if (j->keys) free(j->keys[i]);
    }
    free(j->items);
    free(j->keys);
    free(j->str);
}

/* json_read parses the file at path into out; 0 on success. */
static int json_read(const char *path, json *out) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc(n + 1);
    size_t got = fread(text, 1, n, f);
    fclose(f);
    text[got] = 0;
    memset(out, 0, sizeof *out);
    const char *end = json_parse_at(json_ws(text), out);
    free(text);
    return end ? 0 : -1;
}

/* json_get returns the member key of an object, or NULL. */
static const json *json_get(const json *obj, const char *key) {
    for (int i = 0; obj && obj->kind == JSON_OBJ && i < obj->n; i++)
        if (!strcmp(obj->keys[i], key)) return &obj->items[i];
    return NULL;
}

#endif
