/*
 * compile.c - compiles a DXIL blob through the dxil2spirv C API.
 *
 *     cc compile.c $(pkg-config --cflags --libs dxil2spirv) -o compile
 *     ./compile BLOB.dxil REGISTER [embedded]
 *
 * REGISTER names a resource as HLSL does: `u0`, `t2,space999`. Checks that
 * the SPIR-V starts with the magic number and that the reflection JSON
 * lists the resource, prints a summary, then checks that
 * the blob cut in half is rejected as invalid input with a message.
 * With `embedded`, compiles through the blob's own root signature (the
 * bindless-1 ABI, docs/BINDING.md) and checks that the reflection says so.
 * Exits 0 if every check passes, 1 otherwise.
 */
#include <dxil2spirv.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what) {
    fprintf(stderr, "FAIL: %s\n", what);
    return 1;
}

/* Reads a whole file; the caller frees the buffer. NULL on failure. */
static unsigned char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    unsigned char *data = NULL;
    long len;
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
        data = malloc((size_t)len);
        if (data && fread(data, 1, (size_t)len, f) != (size_t)len) {
            free(data);
            data = NULL;
        }
        *size = (size_t)len;
    }
    fclose(f);
    return data;
}

/* Compiles blob[0..size) and checks the output; 0 if it passes. */
static int check_compile(const dxil2spirv_compiler *compiler, const unsigned char *blob,
                         size_t size, const char *resource, int bindless) {
    char letter = 0, needle[128];
    unsigned reg = 0, space = 0;
    if (sscanf(resource, "%c%u,space%u", &letter, &reg, &space) < 2) {
        return fail("REGISTER is like u0 or t2,space999");
    }
    snprintf(needle, sizeof needle, "\"class\": \"%c\", \"space\": %u, \"register\": %u",
             letter, space, reg);

    dxil2spirv_result *result = NULL;
    dxil2spirv_status status = dxil2spirv_compile(compiler, blob, size, &result);
    int rc = 0;
    if (status != DXIL2SPIRV_OK) {
        fprintf(stderr, "compile: %s: %s\n", dxil2spirv_status_string(status),
                dxil2spirv_result_message(result));
        rc = fail("compile");
    } else {
        size_t words = 0;
        const uint32_t *spirv = dxil2spirv_result_spirv(result, &words);
        const char *json = dxil2spirv_result_reflection_json(result);
        if (!spirv || words < 5 || spirv[0] != 0x07230203u) {
            rc = fail("SPIR-V magic");
        } else if (!json || !strstr(json, needle)) {
            rc = fail("reflection lists the resource");
        } else if (bindless && !strstr(json, "\"abi\": \"bindless-1\"")) {
            rc = fail("reflection of root-signature mode");
        } else {
            printf("ok: %zu SPIR-V words, %zu warnings, resource %s reflected%s\n", words,
                   dxil2spirv_result_warning_count(result), resource,
                   bindless ? " (bindless-1)" : "");
        }
    }
    dxil2spirv_result_destroy(result);
    return rc;
}

/* Compiles the first half of the blob; 0 if it fails as invalid input. */
static int check_truncated(const dxil2spirv_compiler *compiler, const unsigned char *blob,
                           size_t size) {
    dxil2spirv_result *result = NULL;
    dxil2spirv_status status = dxil2spirv_compile(compiler, blob, size / 2, &result);
    const char *message = dxil2spirv_result_message(result);
    int rc = 0;
    if (status != DXIL2SPIRV_INVALID_INPUT) {
        rc = fail("truncated blob gives DXIL2SPIRV_INVALID_INPUT");
    } else if (!message || !strstr(message, "invalid input")) {
        rc = fail("truncated blob has a message");
    } else if (dxil2spirv_result_spirv(result, NULL) != NULL) {
        rc = fail("no SPIR-V on failure");
    } else {
        printf("ok: truncated blob rejected: %s\n", message);
    }
    dxil2spirv_result_destroy(result);
    return rc;
}

int main(int argc, char **argv) {
    int bindless = argc == 4 && strcmp(argv[3], "embedded") == 0;
    if (argc != 3 && !bindless) {
        fprintf(stderr, "usage: %s BLOB.dxil REGISTER [embedded]\n", argv[0]);
        return 1;
    }
    size_t size = 0;
    unsigned char *blob = read_file(argv[1], &size);
    if (!blob) return fail("read the blob");

    printf("dxil2spirv %s\n", dxil2spirv_version());
    dxil2spirv_options *options = dxil2spirv_options_create();
    dxil2spirv_compiler *compiler = NULL;
    int rc = 1;
    if (!options || dxil2spirv_options_set_validate(options, true) != DXIL2SPIRV_OK ||
        (bindless && dxil2spirv_options_set_root_signature_embedded(options) != DXIL2SPIRV_OK)) {
        fail("options");
    } else if (!(compiler = dxil2spirv_compiler_create(options))) {
        fail("compiler");
    } else {
        rc = check_compile(compiler, blob, size, argv[2], bindless) |
             check_truncated(compiler, blob, size);
    }
    dxil2spirv_options_destroy(options);
    dxil2spirv_compiler_destroy(compiler);
    free(blob);
    return rc;
}
